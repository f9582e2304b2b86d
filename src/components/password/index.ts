export { NewPasswordFields, isNewPasswordValid } from './NewPasswordFields';
export type { NewPasswordValue } from './NewPasswordFields';
export { PasswordRuleChecklist } from './PasswordRuleChecklist';
