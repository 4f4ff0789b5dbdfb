export * from './constants/limits';
export * from './constants/countries';
export * from './messages/pt-br';
export * from './rules/validators';
export * from './rules/phone';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/users';
