import { DETAIL_MESSAGES_EN, type DetailCode } from '../../../schemas/detail-messages';

/** What a refused save says under a field, English: the server's own sentences (schemas/detail-messages.ts). */
export const detailsEn: Record<DetailCode, string> = DETAIL_MESSAGES_EN;
