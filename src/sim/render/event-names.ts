import { EVENTS } from '../engine/in-play.js';

/** Result event names ("Groundout") and event types ("field_out") by engine outcome key. */
export const EVENT_NAMES: Record<string, [string, string]> = {
  ...EVENTS,
  'out:ground_ball': ['Groundout', 'field_out'],
  'out:fly_ball': ['Flyout', 'field_out'],
  'out:line_drive': ['Lineout', 'field_out'],
  'out:popup': ['Pop Out', 'field_out'],
};
