import { describe, expect, it } from 'vitest';
import { BundleVM } from './support/quickjs-host';

describe('the bundle under QuickJS', () => {
  it('defines ratscrew.frame and writes commands into its Int32Array', async () => {
    const vm = await BundleVM.create({ seed: 7 });
    const cmds = vm.frame(0, 0);
    expect(cmds.length).toBeGreaterThanOrEqual(8);
    expect(cmds[0]).toBe(1); // CLEAR first
    vm.dispose();
  });
});
