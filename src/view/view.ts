// The View: what the view remembers of what it drew, as one value created
// beside the App (src/host/entry.ts): the felt, each screen's cached layers
// and text slots, the table's message as shown, the music last sent. A new
// View draws everything afresh. Module-scope state is left only to the
// draw-list writer (src/view/drawlist.ts) and the text layout's buffers and
// glyph tables (src/view/text.ts), each with its measured reason.
import { newKeptPicture, type KeptPicture } from './drawlist';
import { newHowToView, type HowToView } from './howto-view';
import { newLayer, type Layer } from './layer';
import { newMenusView, type MenusView } from './menus';
import { newOnlineView, type OnlineView } from './online-view';
import { newPauseView, type PauseView } from './pause-view';
import { newStatsView, type StatsView } from './stats-view';
import { newTableView, type TableView } from './table-view';
import { TextSlot } from './text';

export interface View {
  /** The baize, drawn once and shared by every screen. */
  readonly felt: Layer;
  readonly table: TableView;
  readonly menus: MenusView;
  readonly howTo: HowToView;
  readonly pause: PauseView;
  readonly stats: StatsView;
  readonly online: OnlineView;
  readonly notice: TextSlot;
  /** A yes/no question's line and the buttons that answer it (src/view/render.ts drawQuestion). */
  readonly question: TextSlot;
  readonly questionHint: TextSlot;
  /** The track last sent with OP_MUSIC; -2 before the first frame (so the first frame always says). */
  musicSent: number;
  /** The scene (src/app/scene.ts, by identity) whose picture is on screen; null before the first frame. */
  shown: object | null;
  /** The new scene being prepared behind that picture (src/app/app.ts drawApp). */
  preparing: object | null;
  /** Its last picture, kept only while another View draws (src/view/drawlist.ts pictureOf). */
  readonly picture: KeptPicture;
}

export function newView(): View {
  const felt = newLayer();
  return {
    felt,
    table: newTableView(felt),
    menus: newMenusView(felt),
    howTo: newHowToView(felt),
    pause: newPauseView(felt),
    stats: newStatsView(felt),
    online: newOnlineView(felt),
    notice: new TextSlot(),
    question: new TextSlot(),
    questionHint: new TextSlot(),
    musicSent: -2,
    shown: null,
    preparing: null,
    picture: newKeptPicture(),
  };
}
