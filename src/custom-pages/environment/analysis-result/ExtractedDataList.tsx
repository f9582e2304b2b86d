import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { ExtractedDatum } from '../../../../schemas/analysis-result';

/**
 * Extracted data, each value with what found it (an analysis's result, the extraction test). A value
 * the OCR data extraction read says where: its document, page and anchor label, the line on hover.
 */
export const ExtractedDataList = ({ data }: { data: ExtractedDatum[] }) => {
  const translate = useTranslate();
  if (data.length === 0)
    return <Typography color="text.secondary">{translate('app.nlu.result.noData')}</Typography>;
  return (
    <ul aria-label={translate('app.nlu.result.extractedData')}>
      {data.map((d, k) => (
        <li key={k}>
          <strong>{d.name}</strong>: {String(d.value)}{' '}
          <Typography component="span" variant="body2" color="text.secondary" title={d.ocr?.line}>
            ({d.ocr ? translate('app.nlu.result.ocrFound', { ...d.ocr }) : d.source})
          </Typography>
        </li>
      ))}
    </ul>
  );
};
