// The global `host` in a quickjs-emscripten context, as the C hosts define
// it (native/core/vm.c install_host, the generated native/core/host_api.c):
// seed, caps, then the contract's functions (HOST_FUNCTIONS), each refusing
// what the contract refuses with the TypeError the C bindings throw
// (hostArgumentError). Written once for the page's QuickJS engine
// (quickjs.ts) and the tests' host (test/support/quickjs-host.ts).
import type { QuickJSContext } from 'quickjs-emscripten-core';
import { HOST_FUNCTIONS, hostArgumentError, type Host } from '../../../src/contract';

/** Defines the global `host` in `vm`, its functions calling impl's. */
export function defineHost(vm: QuickJSContext, impl: Host): void {
  const host = vm.newObject();
  vm.setProp(host, 'seed', vm.newNumber(impl.seed));
  const caps = vm.unwrapResult(vm.evalCode(`(${JSON.stringify(impl.caps)})`));
  vm.setProp(host, 'caps', caps);
  caps.dispose();
  for (const f of HOST_FUNCTIONS) {
    const fn = vm.newFunction(f.name, (...args) => {
      const values = args.map((a) => vm.dump(a) as unknown);
      const error = hostArgumentError(f.name, values);
      if (error !== null) return { error: vm.newError({ name: 'TypeError', message: error }) };
      const result = (impl[f.name] as (...a: unknown[]) => unknown)(...values);
      if (result === null || result === undefined) return f.result === 'void' ? vm.undefined : vm.null;
      if (typeof result === 'boolean') return result ? vm.true : vm.false;
      return vm.newString(String(result));
    });
    vm.setProp(host, f.name, fn);
    fn.dispose();
  }
  vm.setProp(vm.global, 'host', host);
  host.dispose();
}
