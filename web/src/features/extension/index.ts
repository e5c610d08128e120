/**
 * Public face of the extension feature (decision 042): other features and app/ import only this file.
 * The browser extension and desktop assistant: install card, tokens and allowed domains. Used by /connect
 * and /settings.
 */
export { ExtensionCard } from './components/extension-card';
export { ExtensionSettingsSection } from './components/extension-settings-section';
