import { likeliestName } from "../../contract/edit-distance.ts";
import { orderByScore, weightedScore } from "../ranking/ranking-model.ts";
import type { ContentRule } from "./rule.ts";
import { scoreCheck } from "./scores-follow-facts.ts";

/**
 * The disclosure's weights add up to 100, every supplier is scored on exactly its criteria, and the ranks
 * follow the weighted scores, so that anyone can recompute the ranking from the published data.
 */
export const rankingCriteria: ContentRule = {
  name: "ranking-criteria",
  check(input, report) {
    if (!input.disclosure) return;
    const { file, data } = input.disclosure;
    const total = data.criteria.reduce((sum, criterion) => sum + criterion.weight, 0);
    if (total !== 100) report(file, "/criteria", "disclosure/weights", `the weights add up to ${total}, not 100.`);
    // The schema holds six levels: each is the level of one score, 5 first.
    for (const [at, criterion] of data.criteria.entries())
      for (const [place, { score }] of criterion.levels.entries())
        if (score !== 5 - place)
          report(
            file,
            `/criteria/${at}/levels/${place}/score`,
            "disclosure/rubric-levels",
            `level ${place + 1} of ${criterion.id} gives the score ${score}, where the rubric's levels give 5 down to 0: it is for ${5 - place}.`,
          );
    const ids = data.criteria.map((criterion) => criterion.id);
    let scoresComplete = true;
    // A criterion no supplier scores, or one every supplier scores that the disclosure lacks, is the disclosure's slip
    // (a criterion renamed or removed there): told once, there, not in every profile.
    const everyScored = input.suppliers.length > 0 && input.complete.suppliers;
    const unscored = everyScored
      ? ids.filter((id) => input.suppliers.every(({ data: supplier }) => !(id in supplier.scores)))
      : [];
    const unlisted = everyScored
      ? Object.keys(input.suppliers[0]!.data.scores).filter(
          (id) => !ids.includes(id) && input.suppliers.every(({ data: supplier }) => id in supplier.scores),
        )
      : [];
    for (const id of unscored) {
      const meant = likeliestName(id, unlisted);
      report(
        file,
        `/criteria/${ids.indexOf(id)}/id`,
        "disclosure/criteria",
        `no supplier scores the criterion \`${id}\`${meant ? `; every supplier scores \`${meant}\`, which the disclosure does not list` : ""}.`,
        meant
          ? `Did you mean \`${meant}\`? Name the criterion as the profiles score it, or score \`${id}\` in every profile.`
          : `Score \`${id}\` in every supplier profile, or remove the criterion (its weight given to others).`,
      );
    }
    const named = new Set(unscored.map((id) => likeliestName(id, unlisted)));
    for (const id of unlisted.filter((id) => !named.has(id)))
      report(
        file,
        "/criteria",
        "disclosure/criteria",
        `every supplier scores \`${id}\`, which is not a criterion of the disclosure.`,
        `List \`${id}\` among the criteria, with its weight, or remove its score from every profile.`,
      );
    if (unscored.length > 0 || unlisted.length > 0) return;
    for (const supplier of input.suppliers) {
      const scored = Object.keys(supplier.data.scores);
      const extra = scored.filter((id) => !ids.includes(id));
      // A criterion misspelt is one problem, at the key, offering the name: not also a missing score.
      const meant = new Map(
        extra.map((id) => [
          id,
          likeliestName(
            id,
            ids.filter((named) => !scored.includes(named)),
          ),
        ]),
      );
      const missing = ids.filter((id) => !scored.includes(id) && ![...meant.values()].includes(id));
      if (missing.length > 0) {
        scoresComplete = false;
        report(
          supplier.file,
          "/scores",
          "disclosure/criteria",
          `the scores lack ${missing.map((id) => `\`${id}\``).join(", ")}.`,
          `Add a score from 0 to 5 for each criterion of content/disclosure.yaml: ${ids.join(", ")}.`,
        );
      }
      for (const id of extra) {
        scoresComplete = false;
        const named = meant.get(id);
        report(
          supplier.file,
          `/scores/${id}`,
          "disclosure/criteria",
          `\`${id}\` is not a criterion of the disclosure${named ? `, and the scores lack \`${named}\`` : ""}.`,
          named
            ? `Did you mean \`${named}\`? Name the criterion as content/disclosure.yaml does.`
            : `Score only the criteria of content/disclosure.yaml: ${ids.join(", ")}.`,
          // At the key, which is what is wrong (a misspelt criterion), not at its score below it.
          supplier.file.locate(`/scores/${id}`, "key"),
        );
      }
    }
    // A score its facts or its sources refuse (score/beyond-facts, score/secondary-only) would move the order of
    // others, and one not yet held to its facts may be refused once it is: the ranks wait for both.
    const scores = scoreCheck(input);
    if (!scoresComplete || total !== 100 || !input.complete.suppliers || scores.refused.length > 0 || scores.unchecked)
      return;
    // Ranks that are not 1 to N, each once, are rank/sequence's to tell (the same rank told twice otherwise).
    const ranks = input.suppliers.map((supplier) => supplier.data.rank).sort((a, b) => a - b);
    if (ranks.some((rank, index) => rank !== index + 1)) return;
    const expected = orderByScore(
      input.suppliers.map((supplier) => supplier.data),
      data.criteria,
    );
    const moved = input.suppliers.flatMap((supplier) => {
      const rank = expected.indexOf(supplier.data) + 1;
      return rank === supplier.data.rank ? [] : [{ supplier, rank }];
    });
    // One supplier placed elsewhere (added at the end, or its score changed) and the others between shifted by one:
    // said once, in every file told, as a removal's gap is (the second workflow audit had four problems and no plan).
    const far = moved.filter(({ supplier, rank }) => Math.abs(rank - supplier.data.rank) > 1);
    const mover = far.length === 1 && moved.length > 2 ? far[0]! : undefined;
    const shift = mover && {
      name: mover.supplier.data.name,
      to: mover.rank,
      others: moved.length - 1,
      way: mover.rank < mover.supplier.data.rank ? "down" : "up",
    };
    for (const { supplier, rank } of moved) {
      const score = weightedScore(supplier.data.scores, data.criteria).toFixed(2);
      report(
        supplier.file,
        "/rank",
        "rank/score-order",
        `the rank is ${supplier.data.rank} but the weighted score ${score} places ${supplier.data.name} at ${rank}.`,
        shift
          ? `${shift.name}'s score places it at ${shift.to}: give it that rank, and move each of the ${shift.others} suppliers it passes one ${shift.way} (${shift.others + 1} files, each told here).`
          : undefined,
      );
    }
  },
};
