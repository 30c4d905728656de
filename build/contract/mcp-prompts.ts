/**
 * The MCP prompts as the contract states them: each prompt's name, title, description and arguments (with where
 * an argument's completions come from), and the answers each rests on. The request-time code answers them
 * (build/serve/request/mcp-prompts.ts); the Server Card and the docs list them from here.
 */
import { MCP_LIST_ARGUMENT_MAX_ITEMS, MCP_QUOTE_MAX_CHARACTERS } from "./mcp.ts";
import { PLATFORM_IDS, PLATFORM_NAMES } from "./platforms.ts";
import { groupDigits } from "./limits.ts";

/** Where an argument's completions come from (none for free text and numbers). */
export type CompletionSource = "answers" | "suppliers" | "families" | "platforms";

export interface PromptArgumentDefinition {
  name: string;
  description: string;
  required: boolean;
  /** The values completion/complete offers; a list argument completes its last item. */
  completes?: CompletionSource;
  list?: boolean;
  /** The longest value taken, in characters (MCP_ARGUMENT_MAX_CHARACTERS unless said). */
  maxCharacters?: number;
}

export interface PromptDefinition {
  name: string;
  title: string;
  description: string;
  arguments: readonly PromptArgumentDefinition[];
}

/** The most people the room-planning prompt plans for: beyond it is an auditorium, which no answer covers. */
export const MAX_ROOM_PEOPLE = 200;

/**
 * The answers each prompt rests on, by slug: those of the deploy that exist are embedded (content of other sizes,
 * such as the synthetic content of the benchmarks, has other answers; the shipped content has all of them, which
 * a test checks).
 */
export const PROMPT_ANSWERS = {
  plan_room: [
    "room-sizing",
    "microphone-coverage",
    "camera-framing",
    "display-size",
    "room-acoustics",
    "platform-certification",
    "licences-and-yearly-cost",
  ],
  check_quote: [
    "total-cost-of-ownership",
    "licences-and-yearly-cost",
    "warranty-and-support",
    "platform-certification",
    "public-procurement-rules",
    "security",
  ],
  check_certification: ["platform-certification"],
} as const;

const PLATFORM_ARGUMENT: PromptArgumentDefinition = {
  name: "platform",
  description: `The meeting platform, by the evidence register's programme id: ${PLATFORM_IDS.map((id) => `${id} (${PLATFORM_NAMES[id]})`).join(", ")}.`,
  required: true,
  completes: "platforms",
};
const FAMILY_ARGUMENT: PromptArgumentDefinition = {
  name: "family",
  description: 'A product family of the evidence register, by its slug, e.g. "video-bars" or "microphones".',
  required: true,
  completes: "families",
};

/** In the order prompts/list gives them. */
export const PROMPT_DEFINITIONS: readonly PromptDefinition[] = [
  {
    name: "plan_room",
    title: "Plan a meeting room",
    description:
      "Plan the audio-visual equipment of one meeting room for a number of people on one meeting platform: the room's size band, microphones and their coverage, camera framing, display size, acoustics, certification and yearly licences, each step resting on the buyer answers embedded in the prompt, with their sources.",
    arguments: [
      {
        name: "people",
        description: `How many people the room seats: a whole number from 1 to ${MAX_ROOM_PEOPLE}.`,
        required: true,
      },
      PLATFORM_ARGUMENT,
    ],
  },
  {
    name: "compare_suppliers",
    title: "Compare suppliers for a product family",
    description:
      "Compare the suppliers of one product family: their ranks (with what a rank means), scores, strengths and caveats, and their products' certification, compliance and warranty status from the evidence register, all embedded. unknown and unverified stay what they are.",
    arguments: [
      FAMILY_ARGUMENT,
      {
        name: "suppliers",
        description: `Which suppliers, by slug, comma-separated (at most ${MCP_LIST_ARGUMENT_MAX_ITEMS}), e.g. "jabra, poly"; each must make products of the family. Without it, every supplier that does.`,
        required: false,
        completes: "suppliers",
        list: true,
      },
    ],
  },
  {
    name: "check_quote",
    title: "Check a quote against the buyer answers' checklists",
    description:
      "Check a supplier's or integrator's quote against the decision checklists of the buyer answers (by default those on cost, licences, warranty, certification, procurement rules and security; each embedded with its sources): what the quote covers, what it leaves out, and what to ask before signing.",
    arguments: [
      {
        name: "quote",
        description: `The quote's text, as pasted (at most ${groupDigits(MCP_QUOTE_MAX_CHARACTERS)} characters).`,
        required: true,
        maxCharacters: MCP_QUOTE_MAX_CHARACTERS,
      },
      {
        name: "answers",
        description: `Which answers' checklists to check against, by slug, comma-separated (at most ${MCP_LIST_ARGUMENT_MAX_ITEMS}). Without it: ${PROMPT_ANSWERS.check_quote.join(", ")}.`,
        required: false,
        completes: "answers",
        list: true,
      },
    ],
  },
  {
    name: "check_certification",
    title: "Check which products are certified for a platform",
    description:
      "Which products of one family are certified for one meeting platform at the methodology date, which were only listed in a dated version of the programme's list, and which are unknown: from the family's evidence and the answer on platform certification, both embedded.",
    arguments: [PLATFORM_ARGUMENT, FAMILY_ARGUMENT],
  },
];
