/**
 * The meeting platforms whose certification the evidence register records, in the schema's order, with the names
 * people know them by: the evidence record's `certification` keys (a test checks they are the schema's), the
 * home page's column heads and the MCP prompts' `platform` argument.
 */
export const PLATFORMS = [
  { id: "microsoft-teams-rooms", name: "Microsoft Teams Rooms" },
  { id: "zoom-rooms", name: "Zoom Rooms" },
  { id: "google-meet", name: "Google Meet" },
] as const;

export type PlatformId = (typeof PLATFORMS)[number]["id"];

/** The programme ids alone, in the same order. */
export const PLATFORM_IDS: readonly PlatformId[] = PLATFORMS.map((platform) => platform.id);

/** A programme's name, by its id. */
export const PLATFORM_NAMES: Readonly<Record<PlatformId, string>> = Object.fromEntries(
  PLATFORMS.map((platform) => [platform.id, platform.name]),
) as Record<PlatformId, string>;
