/**
 * Latent semantic analysis trained on one index's chunks alone (no labels, no model): the chunk × term
 * matrix (log(1 + tf)·idf, lexemes in at least `minDf` chunks) is factorised by a randomised truncated
 * SVD (Halko, Martinsson & Tropp: range finder with power iterations, then the eigen-decomposition of
 * the small projected matrix). A chunk's vector is its projection on the top `rank` left singular
 * vectors; a query's is the projection of its lexemes' idf weights. For decision record 021 §10.
 */
import { seededRandom } from '../../src/integrations/fake-kit';

export interface LsaInput {
  /** Every chunk's term frequencies (as indexed). */
  chunks: readonly ReadonlyMap<string, number>[];
  df(lexeme: string): number;
}

export interface LsaOptions {
  rank: number;
  oversample: number;
  powerIterations: number;
  minDf: number;
  seed: number;
}

export const DEFAULT_LSA: LsaOptions = { rank: 200, oversample: 20, powerIterations: 2, minDf: 2, seed: 17 };

/** Deterministic uniform numbers in [-1, 1). */
function random(seed: number) {
  const next = seededRandom(seed);
  return () => next() * 2 - 1;
}

/** Orthonormalises the `cols` columns (each `rows` long, column-major) in place (modified Gram-Schmidt). */
function orthonormalise(m: Float64Array, rows: number, cols: number): void {
  for (let c = 0; c < cols; c++) {
    const col = m.subarray(c * rows, (c + 1) * rows);
    for (let pass = 0; pass < 2; pass++) {
      for (let p = 0; p < c; p++) {
        const prev = m.subarray(p * rows, (p + 1) * rows);
        let dot = 0;
        for (let i = 0; i < rows; i++) dot += (col[i] as number) * (prev[i] as number);
        for (let i = 0; i < rows; i++) col[i] = (col[i] as number) - dot * (prev[i] as number);
      }
    }
    let norm = 0;
    for (let i = 0; i < rows; i++) norm += (col[i] as number) ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < rows; i++) col[i] = (col[i] as number) / norm;
  }
}

/** Eigen-decomposition of a symmetric n × n matrix (row-major) by cyclic Jacobi rotations. */
function symmetricEigen(a: Float64Array, n: number): { values: Float64Array; vectors: Float64Array } {
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += (a[p * n + q] as number) ** 2;
    if (off < 1e-18) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q] as number;
        if (Math.abs(apq) < 1e-300) continue;
        const app = a[p * n + p] as number;
        const aqq = a[q * n + q] as number;
        const theta = (aqq - app) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p] as number;
          const akq = a[k * n + q] as number;
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k] as number;
          const aqk = a[q * n + k] as number;
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p] as number;
          const vkq = v[k * n + q] as number;
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = a[i * n + i] as number;
  return { values, vectors: v };
}

export class Lsa {
  private terms = new Map<string, number>();
  private idf: number[] = [];
  /** Projection term → latent space: V × rank, row-major (U_k). */
  private projection: Float64Array;
  readonly rank: number;
  /** Every chunk's latent vector, unit length. */
  readonly chunkVectors: Float64Array[];

  constructor(input: LsaInput, options: LsaOptions = DEFAULT_LSA) {
    const n = input.chunks.length;
    for (const tf of input.chunks) {
      for (const l of tf.keys()) {
        if (this.terms.has(l) || /^\d+$/.test(l)) continue;
        const df = input.df(l);
        if (df < options.minDf) continue;
        this.terms.set(l, this.terms.size);
        this.idf.push(Math.log(1 + (n - df + 0.5) / (df + 0.5)));
      }
    }
    const v = this.terms.size;
    // Sparse columns (one per chunk): term indexes and weights.
    const cols = input.chunks.map((tf) => {
      const idx: number[] = [];
      const val: number[] = [];
      for (const [l, f] of tf) {
        const t = this.terms.get(l);
        if (t === undefined) continue;
        idx.push(t);
        val.push(Math.log(1 + f) * (this.idf[t] as number));
      }
      return { idx, val };
    });
    const l = Math.min(options.rank + options.oversample, n, v);
    const rand = random(options.seed);
    // X · M for M N × l (column-major) → V × l (column-major); Xᵀ · Y for Y V × l → N × l.
    const times = (m: Float64Array) => {
      const out = new Float64Array(v * l);
      cols.forEach(({ idx, val }, j) => {
        for (let k = 0; k < idx.length; k++) {
          const t = idx[k] as number;
          const w = val[k] as number;
          for (let c = 0; c < l; c++) out[c * v + t] = (out[c * v + t] as number) + w * (m[c * n + j] as number);
        }
      });
      return out;
    };
    const transposeTimes = (y: Float64Array) => {
      const out = new Float64Array(n * l);
      cols.forEach(({ idx, val }, j) => {
        for (let c = 0; c < l; c++) {
          let s = 0;
          for (let k = 0; k < idx.length; k++) s += (val[k] as number) * (y[c * v + (idx[k] as number)] as number);
          out[c * n + j] = s;
        }
      });
      return out;
    };
    const omega = new Float64Array(n * l);
    for (let i = 0; i < omega.length; i++) omega[i] = rand();
    let q = times(omega);
    orthonormalise(q, v, l);
    for (let it = 0; it < options.powerIterations; it++) {
      const z = transposeTimes(q);
      orthonormalise(z, n, l);
      q = times(z);
      orthonormalise(q, v, l);
    }
    // Bᵀ = Xᵀ Q (N × l); C = B Bᵀ (l × l) = Qᵀ X Xᵀ Q; its eigenvectors W rotate Q into U = Q W.
    const bt = transposeTimes(q);
    const cMat = new Float64Array(l * l);
    for (let a = 0; a < l; a++) {
      for (let b = a; b < l; b++) {
        let s = 0;
        for (let j = 0; j < n; j++) s += (bt[a * n + j] as number) * (bt[b * n + j] as number);
        cMat[a * l + b] = s;
        cMat[b * l + a] = s;
      }
    }
    const { values, vectors } = symmetricEigen(cMat, l);
    const order = [...values.keys()].sort((x, y) => (values[y] as number) - (values[x] as number));
    this.rank = Math.min(options.rank, l);
    const keep = order.slice(0, this.rank);
    // U_k = Q W_k: V × rank row-major.
    this.projection = new Float64Array(v * this.rank);
    for (let t = 0; t < v; t++) {
      for (let r = 0; r < this.rank; r++) {
        const w = keep[r] as number;
        let s = 0;
        for (let c = 0; c < l; c++) s += (q[c * v + t] as number) * (vectors[c * l + w] as number);
        this.projection[t * this.rank + r] = s;
      }
    }
    // Chunk vectors: W_kᵀ · Bᵀ[j] (= U_kᵀ x_j), unit length.
    this.chunkVectors = [];
    for (let j = 0; j < n; j++) {
      const vec = new Float64Array(this.rank);
      for (let r = 0; r < this.rank; r++) {
        const w = keep[r] as number;
        let s = 0;
        for (let c = 0; c < l; c++) s += (bt[c * n + j] as number) * (vectors[c * l + w] as number);
        vec[r] = s;
      }
      this.chunkVectors.push(unit(vec));
    }
  }

  /** A query's latent vector (its lexemes weighted by idf × the given weight), unit length. */
  embed(query: ReadonlyMap<string, number>): Float64Array {
    const vec = new Float64Array(this.rank);
    for (const [l, weight] of query) {
      const t = this.terms.get(l);
      if (t === undefined) continue;
      const w = weight * (this.idf[t] as number);
      for (let r = 0; r < this.rank; r++)
        vec[r] = (vec[r] as number) + w * (this.projection[t * this.rank + r] as number);
    }
    return unit(vec);
  }
}

function unit(vec: Float64Array): Float64Array {
  let norm = 0;
  for (const x of vec) norm += x * x;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < vec.length; i++) vec[i] = (vec[i] as number) / norm;
  return vec;
}

export function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}
