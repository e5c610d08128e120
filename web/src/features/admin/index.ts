/**
 * Public face of the admin feature (decision 042): other features and app/ import only this file.
 * /admin: the manager's workspace administration (assistants' settings, danger zones). Other code imports
 * nothing from it; app/routes.tsx loads its page.
 */
export {};
