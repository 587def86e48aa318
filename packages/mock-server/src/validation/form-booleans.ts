// How a multipart form writes a boolean is the contract's rule (`true` or `false` in any letter
// case, or `1` and `0`; numbers in decimal), kept once in @lms/contract (form-values.ts), which
// the validating proxy and the traffic learner read forms with too. checkForm reads a form by it;
// writeBooleans writes the form's boolean texts in place as `true` or `false` by the same rule.
export { writeFormBooleans as writeBooleans } from '@lms/contract';
