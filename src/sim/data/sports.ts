/** The minor-league levels the simulator can serve beside MLB (1): Triple-A … Single-A. No imports: the CLI's argument parsers read it at start-up. */
export const MILB_SPORT_IDS: readonly number[] = [11, 12, 13, 14];
