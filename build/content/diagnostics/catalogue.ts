import { SUNSET_NOTICE_MONTHS } from "../../contract/versioning.ts";

/**
 * The catalogue of content problems (Astro's error reference is the model): every code the build can report,
 * what it means and what to do about it. Codes are stable: tests, editors and people's notes refer to them.
 * A diagnostic's own message says exactly what is wrong in that file; the hint here is the default advice,
 * which a diagnostic may sharpen.
 */
export const DIAGNOSTIC_CATALOGUE = {
  "file/encoding": {
    title: "File is not valid UTF-8",
    hint: 'Save the file as UTF-8: most editors let you choose the encoding when saving (VS Code: "Save with Encoding").',
  },
  "file/empty": {
    title: "File is empty",
    hint: "Write the file's content, or delete the file.",
  },
  "file/too-large": {
    title: "File is too large",
    hint: "Content files are hand-written text; split the content or remove what does not belong.",
  },
  "file/unexpected": {
    title: "File is not part of the content layout",
    hint: "Move it to where the layout expects it (see the README, 'Adding content'), or delete it.",
  },
  "file/missing": {
    title: "Required file is missing",
    hint: "Create the file; the README's 'Adding content' section shows its shape.",
  },
  "file/outside-content": {
    title: "File is a link that leads nowhere in the content folder",
    hint: "Replace the link with a real file inside content/.",
  },
  "yaml/syntax": {
    title: "YAML cannot be parsed",
    hint: "Fix the YAML syntax at this position (indent with spaces, quote values that contain ': ' or start with a special character).",
  },
  "yaml/duplicate-key": {
    title: "Key appears twice in one mapping",
    hint: "Keep one of the two entries; YAML does not allow a key twice in the same mapping.",
  },
  "yaml/alias": {
    title: "YAML aliases are not allowed",
    hint: "Write the value out instead of using an anchor (&) and alias (*).",
  },
  "front-matter/missing": {
    title: "Markdown file has no front matter",
    hint: "Start the file with a line '---', the YAML fields, and another line '---' before the body.",
  },
  "front-matter/unclosed": {
    title: "Front matter is not closed",
    hint: "End the front matter with a line holding only '---'.",
  },
  "front-matter/engine": {
    title: "Front matter names an engine",
    hint: "Front matter is plain YAML only: the opening line must be exactly '---'.",
  },
  "schema/required": { title: "Required field is missing", hint: "Add the field." },
  "schema/type": { title: "Value has the wrong type", hint: "Give a value of the expected type." },
  "schema/enum": { title: "Value is not one of the allowed values", hint: "Use one of the allowed values." },
  "schema/const": { title: "Value is not the required value", hint: "Use the required value." },
  "schema/pattern": { title: "Value does not have the required form", hint: "Rewrite the value in the required form." },
  "schema/format": { title: "Value is not in the required format", hint: "Rewrite the value in the required format." },
  "schema/additional-property": {
    title: "Field is not allowed here",
    hint: "Remove the field or correct its spelling (field names are lower case, words joined by '_').",
  },
  "schema/size": {
    title: "Value is outside its limits",
    hint: "Bring the value within the limits.",
  },
  "schema/unique-items": { title: "List holds the same item twice", hint: "Remove the repeated item." },
  "schema/invalid": {
    title: "Value does not match its schema",
    hint: "Compare the value with the schema in schemas/.",
  },
  "slug/file-name": {
    title: "Slug and file name disagree",
    hint: "Name the file after its slug, or change the slug to match the file name.",
  },
  "slug/duplicate": {
    title: "Slug or id is used twice",
    hint: "Give each answer, supplier and family its own slug, and each source its own id.",
  },
  "answer/same-question": {
    title: "Two answers have the same title or question",
    hint: "Give each answer its own question and title; a copy of an answer is rewritten before it is built, its claims too.",
  },
  "site/sunset": {
    title: "Sunset comes too soon after the deprecation",
    hint: `Set \`sunset_at\` at least ${SUNSET_NOTICE_MONTHS} months after \`deprecated_at\`, as the versioning policy promises.`,
  },
  "source/dates": {
    title: "Source is dated after it was read",
    hint: "Correct `published` (the date the source gives itself) or `accessed` (the day we read it), whichever is wrong; a month or a year alone is fine where the day is not known.",
  },
  "source/same-document": {
    title: "One document has two entries in the source register",
    hint: "Keep one entry (its id cited wherever either was, its notes merged) and remove the other; a different version of a document is another entry, with its own date or address.",
  },
  "slug/reserved": {
    title: "Slug is reserved",
    hint: "Choose another slug: this name is taken by another file in the same folder of the API.",
  },
  "rank/sequence": {
    title: "Ranks are not 1 to N without gaps or ties",
    hint: "Number the suppliers 1, 2, 3 … with each rank used once.",
  },
  "rank/score-order": {
    title: "Rank does not follow the weighted scores",
    hint: "The rank must follow the weighted score (highest first, ties by name): correct the rank or the scores.",
  },
  "order/sequence": {
    title: "Family order is not 1 to N without gaps or ties",
    hint: "Number the product families 1, 2, 3 … with each position used once.",
  },
  "disclosure/weights": {
    title: "Ranking criteria weights do not add up to 100",
    hint: "Adjust the weights so that they add up to 100.",
  },
  "disclosure/changelog": {
    title: "The methodology's changelog is out of order",
    hint: "Keep one changelog entry per version, oldest first, the newest being methodology_version; list the data corrections newest first.",
  },
  "disclosure/criteria": {
    title: "Scores and ranking criteria disagree",
    hint: "Score every supplier on exactly the criteria the disclosure lists.",
  },
  "score/unsourced": {
    title: "Score above 0 cites no source",
    hint: "List in `sources` the register ids of the facts the basis states, or lower the score to what cited facts support.",
  },
  "score/beyond-facts": {
    title: "Score is not the rubric level its recorded facts reach",
    hint: "Set the score the message gives (within a range, the level of the disclosure's rubric that the basis's facts reach), or correct the facts it follows from (the profile's `makes` and ownership status, the evidence register's listings and warranty terms) with their sources.",
  },
  "score/secondary-only": {
    title: "Score is higher than its primary sources support",
    hint: "Cite a primary source that states the fact (the supplier's or its owner's own document, a platform's certification list, a regulator or a standards body), or set the score the message gives (secondary sources, our notes, press and trade reports, interviews, resellers, market-data sites and third-party copies, support at most 2; a product range counts only the families a primary source names).",
  },
  "ownership/secondary-only": {
    title: "Ownership marked documented rests on secondary sources only",
    hint: "Mark the ownership `reported` when only third parties say it, or cite a primary source (the supplier's or its owner's own document or filing) among its `sources`.",
  },
  "reference/unknown-source": {
    title: "Cited source is not in the sources register",
    hint: "Add the source to content/sources.yaml (id, title, publisher, accessed: the date it was read, kind, confidence and primary, and where anyone can read it: url, or completed.where), or put back its entry if it was removed, or cite an existing id.",
  },
  "reference/register-unread": {
    title: "Citations wait for the sources register",
    hint: "Fix the problems told in sources.yaml first: it holds one key, `sources:`, a list of entries each with its `id`. The next build checks every citation against it.",
  },
  "reference/unknown-supplier": {
    title: "Supplier is not in the directory",
    hint: "Use the slug of a supplier in content/suppliers/, or add that supplier first; if the supplier was removed from the directory, remove this record too, and the entries of its family's audit that quote it.",
  },
  "reference/unknown-answer": {
    title: "Related answer does not exist",
    hint: "Use the slug of an answer in content/answers/.",
  },
  "reference/unknown-family": {
    title: "Product family does not exist",
    hint: "Use the slug of a family in content/evidence/.",
  },
  "reference/self": { title: "Answer lists itself as related", hint: "Remove the answer's own slug from `related`." },
  "citation/not-listed": {
    title: "Inline citation is not in the answer's sources",
    hint: "Add the id to the front matter `sources`, or correct the citation.",
  },
  "citation/after-claim-date": {
    title: "Cited source was read after the claim was checked",
    hint: "Check the claim against the source again and date the check (an answer's `reviewed`, a search's `searched`, an audit entry's `checked`, the disclosure's `methodology_date`) on or after the day the source was read, or cite a source read by then.",
  },
  "citation/malformed": {
    title: "Citation mark is not a citation",
    hint: "Write a citation as [@source-id] right after the claim, or [@first-id; @second-id] for several; ids are in lower case with hyphens, and a page or a comment goes in the sentence, not in the brackets.",
  },
  "text/control-character": {
    title: "Text holds a control character",
    hint: "Delete it: it is invisible, the Atom feed cannot hold it, and a terminal would run it. In YAML it usually comes from an escape in double quotes, such as \\x1b or \\a.",
  },
  "link/unsafe": {
    title: "Link would be published as text",
    hint: "Link to an https:// address, or to a path on this site starting with /, such as /api/v1/answers/room-sizing.json.",
  },
  "body/html": {
    title: "Body holds HTML",
    hint: "Write it in Markdown (**bold**, lists, links, `code`), or put a backslash before the '<' (\\<b>) where the text itself is meant: the body is published as Markdown and HTML made from it, never as HTML written in it.",
  },
  "body/heading": {
    title: "Heading out of the answer's outline",
    hint: "Begin the body's sections with '## ' (the title is the answer's only top-level heading), and go one level down at a time ('### ' under '## ').",
  },
  "body/unclosed-fence": {
    title: "Code block is never closed",
    hint: "Close the code block where its code ends with a line holding only the fence that opened it (``` or ~~~, as long or longer), or delete the opening fence if no code was meant: until then everything after it, the decision checklist included, is published as code.",
  },
  "link/unknown-path": {
    title: "Link to a path the site does not serve",
    hint: "Link to a URL the site serves, as the docs list them: /api/v1, a collection (/api/v1/answers, /api/v1/suppliers, /api/v1/evidence, /api/v1/health), an answer's file (/api/v1/answers/SLUG.json), a page (/docs/, /changelog/) or a download (/data/answers.csv).",
  },
  "link/image": {
    title: "Image in an answer",
    hint: 'Say in words what the image shows, or link to it without the "!": [what it shows](https://…).',
  },
  "link/unknown-answer": {
    title: "Link to an answer that does not exist",
    hint: "Link to /api/v1/answers/SLUG.json with the slug of an answer in content/answers/.",
  },
  "citation/unused": {
    title: "Listed source is never cited in the text",
    hint: "Cite it inline as [@id] after the claim it supports, or remove it from `sources`.",
  },
  "evidence/duplicate-product": {
    title: "Product appears twice in the evidence register",
    hint: "Keep one record per supplier and product.",
  },
  "evidence/duplicate-listing": {
    title: "Listing appears twice",
    hint: "Keep one of the two: a list version's row is recorded once (two rows of one version differ in a field: firmware, end date, note).",
  },
  "evidence/status-bounds": {
    title: "Time-bound status lacks its dates, or has them out of order",
    hint: "An expired certification needs `valid_until`; a certified or expired one needs `as_of` (the date of the list read).",
  },
  "evidence/secondary-only": {
    title: "Status states a fact that no primary source gives",
    hint: "Cite the supplier's, platform's or regulator's own document that states it, or record what the copy or report says in the note and set the status to unverified (or unknown).",
  },
  "evidence/status-beyond-source": {
    title: "Status claims more than its source shows at its date",
    hint: "Record what the list showed as a dated entry of `listings` (as_of, firmware, valid_until, sources) and set the status to unknown, or cite a list version recent enough to support the status.",
  },
  "evidence/missing-record": {
    title: "Product of a supplier profile has no evidence record",
    hint: "Add a record for the product to the evidence file of its family, with the fields every record there has (certification, compliance and warranty, each status `unknown` with a note where nothing is known: copy another record's shape).",
  },
  "searches/not-the-same": {
    title: "Supplier's search looks for other things than the same search of the others",
    hint: "Write the `looked_for` the other profiles give for this search: the same searches are made for every supplier. Where the search was made, its sites and products, goes in `where`.",
  },
  "evidence/not-in-profile": {
    title: "Evidence record's product is not named, or is spelt otherwise, in its supplier's profile",
    hint: "Add the product to `makes` in the supplier's profile, under the family of its evidence file, or spell its name as the profile does.",
  },
  "evidence/family-mismatch": {
    title: "Product is in different families in the profile and the evidence register",
    hint: "Give the product one family in both the supplier profile's `makes` and the evidence register.",
  },
  "audit/not-covered": {
    title: "File has no claim audit",
    hint: "Check each claim of the file against the sources it cites and record it in an audit file of content/audit/ that names it (see the README, 'Adding content', Claim audit).",
  },
  "audit/claim-not-quoted": {
    title: "Cited claim is not in its audit",
    hint: "Check the claim against the sources it cites and record it in the answer's audit file: `claim` quoting it as it reads, its citation included, with `line`, `sources`, `source_says`, `verdict` and `checked`; the build then tells the disclosure's new claim_audit figures.",
  },
  "audit/file-name": {
    title: "Audit file is not named after the file it audits",
    hint: "Rename the audit file after the file its `file` names: audit/answer-<slug>.yaml, audit/supplier-<slug>.yaml, audit/evidence-<family>.yaml, audit/sources.yaml or audit/disclosure.yaml.",
  },
  "audit/unknown-file": {
    title: "Audited file is not in the content folder",
    hint: "Name the file the claims are in as it lies in content/ (for example answers/room-sizing.md), or remove the audit file if that file is gone (then state the disclosure's `claim_audit` without its entries: the build tells the new figures).",
  },
  "audit/outward-expiry": {
    title: "Outward search expires out of its window",
    hint: "Set `expires` after `searched`: at most 183 days after it for a pending event, 366 for plain absence (see the docs, 'How facts expire').",
  },
  "audit/outward-missing": {
    title: "Claim of absence or of a pending event has no outward search",
    hint: "Search for it outside the register (the issuer's own filings and pages first, then platform lists, regulators, the press), correct the text by what you find, and record the search in the claim's audit entry as `outward` (kind, searched, queries, where, found, sources, expires); or, if it is not such a claim, rephrase it without the marker (the markers are listed in the docs, 'How facts expire').",
  },
  "audit/quote-missing": {
    title: "Audited claim is no longer in its file",
    hint: "The file changed after the check: check the claim as it now stands against its sources and update the entry (`claim`, `line`, `source_says`, `verdict`, `checked`), or remove the entry if the claim is gone.",
  },
  "disclosure/audit-summary": {
    title: "Disclosure's audit summary disagrees with the audit",
    hint: "State in the disclosure's `claim_audit` the figures content/audit/ adds up to: its entries, the defects (verdict mended or removed) by kind, and the day of the latest check.",
  },
  "answer/decision-checklist": {
    title: "Answer does not end with a decision checklist",
    hint: 'End the answer with a section "## Decision checklist" of 3 to 8 "- " items, each a decision or check a buyer can tick off.',
  },
  "answer/cited-quantity": {
    title: "Answer gives no number with a cited primary source",
    hint: "Give at least one number with its unit that a buyer can act on (a distance, a level, a count, a price with its date) in a sentence citing the primary source that states it, as [@id].",
  },
  "disclosure/stated-count": {
    title: "Disclosure states another number of suppliers, answers or families than the content holds",
    hint: "Write the number the content holds; where the disclosure names them, name the ones added or take out the ones removed.",
  },
  "disclosure/rubric-levels": {
    title: "Rubric level out of its order",
    hint: "Give each score once, from 5 down to 0, in that order: the level at this place is for the score the message names, and the published rubric reads as written.",
  },
  "synonyms/repeated-word": {
    title: "Word is in two synonym groups",
    hint: "Keep each word in one group: merge the two groups if all their words mean the same thing, or take the word out of the group where it means something else.",
  },
  "synonyms/stop-word": {
    title: "Stop word in a synonym group, or a `stop_words` entry that is none",
    hint: "Take it out of the group. Where the answers use it for the group's thing (they write m for metre), keep it and list it under `stop_words` as well, to say it is meant.",
  },
} as const satisfies Record<string, { title: string; hint: string }>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CATALOGUE;
