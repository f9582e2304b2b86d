import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import type { TestRecord } from '../../../../schemas/contracts/testing';

const colours = { running: 'info', success: 'success', error: 'error', timeout: 'warning' } as const;

/** A test's status (spec pipeline §4 "Test execution: success, error, timeout"), and running. */
export const TestStatusChip = ({ status }: { status: TestRecord['status'] }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={colours[status]}
      variant={status === 'running' ? 'outlined' : 'filled'}
      label={translate(`resources.tests.values.status.${status}`, { _: status })}
    />
  );
};

export const isTestStatus = (value: unknown): value is TestRecord['status'] =>
  typeof value === 'string' && value in colours;
