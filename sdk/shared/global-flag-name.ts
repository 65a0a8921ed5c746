/** One of okapi's global flags as completion offers it (sdk/shared/global-flags.generated.ts lists them). */
export interface GlobalFlagName {
  /** Without its dashes: `okapi-output-format`. */
  long: string;
  /** One letter, without its dash: `o`. */
  short?: string;
  /** The flag takes a value (`-o json`); otherwise it stands alone. */
  takes_value: boolean;
  description: string;
}
