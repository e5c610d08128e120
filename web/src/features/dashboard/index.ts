/**
 * Public face of the dashboard feature (decision 042): other features and app/ import only this file.
 * /dashboard: KPI, tasks, documents and teaching cards, the layout the user customises. Other code imports
 * nothing from it; app/routes.tsx loads its page.
 */
export {};
