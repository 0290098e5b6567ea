export * from './catalog';
export * from './accounts';
export * from './orders';
export * from './outbox';
export * from './admin';
export * from './enquiries';
