// Every kind of scene and its module: the one place a scene's kind is
// looked up (src/app/app.ts runs and draws the current scene through it).
// Its type wants a module for every kind of src/app/scene.ts's Scene, with
// every part of a SceneModule: a new kind of scene without a module, or a
// module that does not draw, does not compile.
import type { Scene, SceneKind, SceneModule, SceneOf } from '../scene';
import { HOW_TO } from './how-to';
import { OPTIONS } from './options';
import { RESULTS } from './results';
import { STATS } from './stats';
import { TABLE } from './table';
import { TITLE } from './title';
import { ONLINE } from './online';
import { CREATE } from './create';
import { ENTRY } from './entry';
import { LOBBY } from './lobby';
import { ONLINE_TABLE } from './online-table';
import { ONLINE_RESULTS } from './online-results';

export const SCENES: { readonly [K in SceneKind]: SceneModule<SceneOf<K>> } = {
  title: TITLE,
  options: OPTIONS,
  howTo: HOW_TO,
  table: TABLE,
  results: RESULTS,
  stats: STATS,
  online: ONLINE,
  create: CREATE,
  entry: ENTRY,
  lobby: LOBBY,
  onlineTable: ONLINE_TABLE,
  onlineResults: ONLINE_RESULTS,
};

/**
 * The same table as the dispatcher reads it, MODULES[scene.kind]: each
 * module takes only its own kind of scene, which its key guarantees.
 */
export const MODULES: { readonly [K in SceneKind]: SceneModule<Scene> } = SCENES;
