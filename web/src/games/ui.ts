/**
 * What a game's browser UI provides: the board (everything on the table, from this seat's view)
 * and the actions panel (its legal commands as labelled controls, cost shown before the click).
 * Every control that sends a command carries `data-action` and `data-command` (the command's
 * JSON, exactly as listed in `legal`), so tests and keyboard users find the same things.
 */
import type { StateFrame } from '../../../functions/core/protocol/frames';
import type { RulesHelp } from './aid';
import type { Choices } from './choice';

export interface UiContext {
  /** Send one command from the frame's `legal` list. */
  send(command: object): void;
  /** Display names by seat. */
  names: string[];
  /** Ask for a re-render after a local change (e.g. a number picked before its area). */
  rerender(): void;
  /** Local UI state that survives re-renders of the same game (selections). */
  memory: Map<string, unknown>;
}

/** A seat's colour on the table: its word (for the name beside the swatch) and its fill. */
export interface SeatColour {
  name: string;
  fill: string;
}

export interface GameUi {
  board(frame: StateFrame, ctx: UiContext): Node;
  actions(frame: StateFrame, ctx: UiContext): Node;
  /** Optional: the colour a seat plays (its pieces on the board), shown on its player panel. */
  seatColour?(frame: StateFrame, seat: number): SeatColour | null;
  /**
   * Optional: moves built on the board and confirmed once (choice.ts). The board marks its places
   * with `data-part`; the game screen makes them clickable and shows the consequence before Confirm.
   */
  choices?: Choices;
  /** Optional: the player aid and rulings, shown as "How to play" beside the board. */
  help?: RulesHelp;
}

/** The colour word of a seat in a view whose `players` carry one (Vasco da Gama, Navegador, Goa). */
export function colourWord(frame: StateFrame, seat: number): string | null {
  const players = (frame.view as { players?: { colour?: unknown }[] } | null)?.players;
  const colour = players?.[seat]?.colour;
  return typeof colour === 'string' ? colour : null;
}

/** A `seatColour` for a game whose view names each seat's colour, drawn with the game's own fills. */
export function seatColourByWord(fillOf: (colour: string) => string | undefined): NonNullable<GameUi['seatColour']> {
  return (frame, seat) => {
    const name = colourWord(frame, seat);
    const fill = name === null ? undefined : fillOf(name);
    return name !== null && fill ? { name, fill } : null;
  };
}
