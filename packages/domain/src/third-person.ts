/**
 * Owners describe their business in the first person ("Residents renting our units", "We manage 40
 * homes"). Summaries speak about the business, so such text is turned into the third person with the
 * business as "it": we/I → it (with the verb agreeing), our/my → its, us/me → it, ourselves → itself.
 * A plain word-level rewrite for short answers, not a grammar engine: verbs it does not recognise as
 * present tense (past forms ending in -ed, modals) are left as they are.
 */

const MODALS = new Set(['can', 'could', 'will', 'would', 'shall', 'should', 'may', 'might', 'must']);
const IRREGULAR: Record<string, string> = { am: 'is', are: 'is', were: 'was', have: 'has', do: 'does', go: 'goes' };
const CONTRACTIONS: Record<string, string> = { re: 'is', m: 'is', ve: 'has', ll: 'will', d: 'would' };
/** Words that may stand between the pronoun and its verb ("we also manage"). */
const BETWEEN = 'also|only|just|often|usually|always|never|now|still|mainly|mostly|currently|primarily|[A-Za-z]+ly';
const SUBJECT = new RegExp(
  String.raw`\b(We|we|I)(?:['’](re|m|ve|ll|d))?\b(?:(\s+)((?:${BETWEEN})\s+)?([A-Za-z]+)\b)?`,
  'g',
);

/** Words after "we" that are not its verb ("we and our partners", "we all"): left alone. */
const NOT_VERBS = new Set(
  'and or but nor to in on at for with as of by from the a an who that which all both each together alone too'.split(
    ' ',
  ),
);

function agree(verb: string): string {
  const lower = verb.toLowerCase();
  if (NOT_VERBS.has(lower)) return verb;
  const irregular = IRREGULAR[lower];
  if (irregular) return irregular;
  if (MODALS.has(lower) || /ed$/.test(lower) || lower.length < 2) return verb;
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/** Rewrites first-person wording into the third person (the business as "it"). */
export function toThirdPerson(text: string): string {
  const out = text.replace(
    SUBJECT,
    (
      _whole: string,
      pronoun: string,
      contraction: string | undefined,
      space: string | undefined,
      between: string | undefined,
      verb: string | undefined,
      offset: number,
    ) => {
      const start = offset === 0 || /[.!?:]\s*$/.test(text.slice(0, offset));
      // Lower-case "we" stays lower case; "We" and "I" are capitalised only where a sentence starts.
      const subject = pronoun !== 'we' && start ? 'It' : 'it';
      if (contraction) {
        const helper = CONTRACTIONS[contraction.toLowerCase()] ?? 'is';
        return `${subject} ${helper}${verb ? `${space ?? ' '}${between ?? ''}${verb}` : ''}`;
      }
      if (!verb) return subject;
      return `${subject}${space ?? ' '}${between ?? ''}${agree(verb)}`;
    },
  );
  return (
    out
      .replace(/\b(?:ourselves|myself)\b/g, 'itself')
      .replace(/\b(?:Ourselves|Myself)\b/g, 'Itself')
      .replace(/\b(?:ours|mine)\b/g, 'its')
      .replace(/\b(?:our|my)\b/g, 'its')
      .replace(/\b(?:Our|My)\b/g, 'Its')
      // "US" (the country) stays: only the lower-case pronouns are rewritten.
      .replace(/\b(?:us|me)\b/g, 'it')
  );
}

/**
 * Text placed in the middle of a sentence ("It works with …"): third person, and a capital first letter
 * the owner typed as the start of their answer becomes lower case, unless the word is a name the summary
 * knows (from `names`, e.g. the business name and service area) or an acronym.
 */
export function thirdPersonFragment(text: string, names: readonly (string | null | undefined)[] = []): string {
  const rewritten = toThirdPerson(text.trim());
  const first = /^[A-Za-z][\w'’-]*/.exec(rewritten)?.[0];
  if (!first || first === first.toUpperCase() || !/^[A-Z][a-z]/.test(first)) return rewritten;
  const known = new Set(
    names
      .filter((n): n is string => typeof n === 'string')
      .flatMap((n) => n.split(/[^A-Za-z'’-]+/))
      .filter(Boolean),
  );
  if (known.has(first)) return rewritten;
  return `${first.charAt(0).toLowerCase()}${rewritten.slice(1)}`;
}
