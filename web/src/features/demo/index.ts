/**
 * Public face of the demo feature (decision 042): other features and app/ import only this file.
 * The anonymous demo chat of the landing page (loaded on first use, with import()).
 */
export { DemoChatPanel } from './components/demo-chat-panel';
