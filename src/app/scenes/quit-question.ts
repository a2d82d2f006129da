// "Press Start again to quit": Start away from the title and the table asks
// first, so that a stray press loses nothing. Start again leaves (to the
// title; the scene says what leaving costs), any other button goes on where
// it was. The question is a value on the menu scene it is over (quitAsked).
import { BTN_START } from '../../contract';
import { anyPressed, wasPressed, type Buttons } from '../input';

/** A scene the quit question can be over. */
export interface CanQuit {
  quitAsked: boolean;
}

/**
 * 'leave': Start was pressed again; 'asking': the question took this frame
 * (it opened, stays up, or was answered "no"); null: it is not up and Start
 * was not pressed, the scene runs as usual.
 */
export function quitQuestion(b: Buttons, scene: CanQuit): 'leave' | 'asking' | null {
  if (scene.quitAsked) {
    if (wasPressed(b, BTN_START)) {
      scene.quitAsked = false;
      return 'leave';
    }
    if (anyPressed(b)) scene.quitAsked = false;
    return 'asking';
  }
  if (!wasPressed(b, BTN_START)) return null;
  scene.quitAsked = true;
  return 'asking';
}
