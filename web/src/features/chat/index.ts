/**
 * Public face of the chat feature (decision 042): other features and app/ import only this file.
 * /chat and /employee-chat: the assistant's conversations, voice and cited sources. Other code imports
 * nothing from it; app/routes.tsx loads its pages.
 */
export {};
