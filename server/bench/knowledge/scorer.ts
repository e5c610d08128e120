/**
 * The shared scorer of ../shared/datasets (bm25-baseline.mjs) loaded as a module: its data loader and
 * trec_eval-compatible metric code, for the in-memory sweeps and the retrieval regression test.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type Qrels = Map<string, Map<string, number>>;

export interface Scorer {
  loadData(dir: string): {
    corpus: { _id: string; title: string; text: string }[];
    queries: Map<string, string>;
    qrels: Qrels;
  };
  rankRun(run: Map<string, [string, number][]>): Map<string, string[]>;
  evaluate(
    ranked: Map<string, string[]>,
    qrels: Qrels,
  ): { ndcg10: number; recall100: number; per: { qid: string; ndcg10: number }[] };
}

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * The public datasets folder, read in place: `HELIXIS_DATASETS_DIR` when set, else `../shared/datasets`
 * beside the repository root, else this workplace's shared folder (a checkout elsewhere on the machine).
 */
export const DATASETS_DIR = resolveDatasetsDir();

function resolveDatasetsDir(): string {
  const beside = path.resolve(here, '../../..', '../shared/datasets');
  const candidates = [process.env.HELIXIS_DATASETS_DIR, beside, '/work/shared/datasets'].filter((d): d is string =>
    Boolean(d),
  );
  return candidates.find((d) => existsSync(path.join(d, 'bm25-baseline.mjs'))) ?? beside;
}

/** Fails with a message naming the folder when the datasets are not there. */
export function assertDatasets(needed: readonly string[]): void {
  const missing = needed.filter((f) => !existsSync(path.join(DATASETS_DIR, f)));
  if (missing.length > 0) {
    throw new Error(
      `The public retrieval datasets were not found at ${DATASETS_DIR} (beside the repository); ` +
        `missing: ${missing.join(', ')}. CI provides this folder; on a workstation put shared/ next to the checkout.`,
    );
  }
}

export async function loadScorer(): Promise<Scorer> {
  assertDatasets(['bm25-baseline.mjs']);
  return (await import(pathToFileURL(path.join(DATASETS_DIR, 'bm25-baseline.mjs')).href)) as Scorer;
}
