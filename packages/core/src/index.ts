export * from './constants.ts';
export * from './errors.ts';
export * from './format.ts';
export * from './forward.ts';
export * from './ids.ts';
export * from './labels.ts';
export * from './schemas/index.ts';
export * from './status.ts';
