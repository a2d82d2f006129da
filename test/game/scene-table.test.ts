// The scenes' table (src/app/scenes/index.ts): every kind of scene has its
// module, and the compiler refuses a table that lacks one or a module that
// does not draw (make typecheck checks the @ts-expect-error lines below: each
// must be an error, or the typecheck fails).
import { describe, expect, it } from 'vitest';
import type { SceneKind, SceneModule, SceneOf, StatsScene } from '../../src/app/scene';
import { SCENES } from '../../src/app/scenes';
import { HOW_TO } from '../../src/app/scenes/how-to';
import { OPTIONS } from '../../src/app/scenes/options';
import { RESULTS } from '../../src/app/scenes/results';
import { STATS } from '../../src/app/scenes/stats';
import { TABLE } from '../../src/app/scenes/table';
import { TITLE } from '../../src/app/scenes/title';

type Table = { readonly [K in SceneKind]: SceneModule<SceneOf<K>> };

// A kind of scene without its module.
// @ts-expect-error stats is missing
const withoutStats: Table = { title: TITLE, options: OPTIONS, howTo: HOW_TO, table: TABLE, results: RESULTS };

// A module that does not draw.
const { draw: _draw, ...rest } = STATS;
// @ts-expect-error draw is missing
const noDraw: SceneModule<StatsScene> = rest;

// A module of another kind of scene in a kind's place.
// @ts-expect-error the table's module cannot run the statistics
const wrongKind: Table = { title: TITLE, options: OPTIONS, howTo: HOW_TO, table: TABLE, results: RESULTS, stats: TABLE };

describe('the scenes table', () => {
  it('has a module that draws for every kind', () => {
    for (const kind of ['title', 'options', 'howTo', 'table', 'results', 'stats'] satisfies SceneKind[]) expect(typeof SCENES[kind].draw).toBe('function');
    expect([withoutStats, noDraw, wrongKind].length).toBe(3);
  });
});
