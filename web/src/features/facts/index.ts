/**
 * Public face of the facts feature (decision 042): other features and app/ import only this file.
 * /facts: the fact ledger (sources, scope, expiry, history, disagreements). Other code imports nothing from
 * it; app/routes.tsx loads its page.
 */
export {};
