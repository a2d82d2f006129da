// Bundle entry: installs the global `ratscrew` the host calls each frame.
import { installEntry } from './host/entry';

installEntry();
