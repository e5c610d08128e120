export * from './assistant-mode';
export * from './business-info';
export * from './confidence';
export * from './contradictions';
export * from './ids';
export * from './roles';
export * from './workspace-name';
