// @lms/contract: the bundled contract (spec/generated/openapi.json), its operation index and its
// validators, compiled once with ajv. The mock server and the backend team's tools (the contract
// checker and the validating proxy) use only this package to read or validate anything.
export * from './contract.js';
export * from './validators.js';
export * from './answers.js';
export * from './requests.js';
export * from './form-values.js';
