/**
 * Public face of the account feature (decision 042): other features and app/ import only this file.
 * The signed-in user's own account: the settings sections for their sign-in details and their data
 * (export, delete). Used by settings.
 */
export { AccountSection } from './components/account-section';
export { DataSection } from './components/data-section';
