/**
 * Public face of the settings feature (decision 042): other features and app/ import only this file.
 * /settings: workspace name, business description, widget appearance and integrations, with the
 * account, team and extension sections. Other code imports nothing from it; app/routes.tsx loads its page.
 */
export {};
