// The CPU players: when they play, when (and whether) they slap, and whom
// they name in Russian "joker player chooses". Seeded by their own rng state,
// which the caller carries; see docs/ai.md for the model.
export { chooseTaker } from './joker';
export { lookalikePattern } from './lookalike';
export {
  COMMIT_MS,
  DIFFICULTIES,
  DIFFICULTY_PARAMS,
  PERCEPTION_EXTRA_MS,
  PLAY_DELAY_PARAMS,
  REACTION_CAP_MS,
  patternExtraMs,
  playDelay,
  reactionTime,
  type Difficulty,
  type DifficultyParams,
  type PlayDelayParams,
} from './reaction';
export { planSlaps, type SlapPlan } from './slaps';
