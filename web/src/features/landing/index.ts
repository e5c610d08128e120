/**
 * Public face of the landing feature (decision 042): other features and app/ import only this file.
 * /: the public landing page with its sign-up dialog and demo chat. Other code imports nothing from it;
 * app/routes.tsx loads its page.
 */
export {};
