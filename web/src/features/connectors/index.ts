/**
 * Public face of the connectors feature (decision 042): other features and app/ import only this file.
 * /connect: the connector catalogue, credentials and field settings. Other code imports nothing from it;
 * app/routes.tsx loads its page.
 */
export {};
