// Bundle entry: installs the global `ratscrew` the host calls each frame.
// Placeholder until the app lands: clears the screen to the table's green.
import { installEntry } from './host/entry';

installEntry();
