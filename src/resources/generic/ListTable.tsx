import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ReactNode } from 'react';
import type { Identifier, RaRecord } from 'react-admin';
import { useListContext, useLocale, useTranslate } from 'react-admin';
import { errorMessage } from '../../api';
import { PageLoader } from '../../components/PageLoader';
import { useResourceLabels } from '../labels';
import type { FieldDescriptor, ResourceDescriptor } from '../types';
import { FieldValue } from './fieldTypes';

export interface ListTableProps {
  resource: ResourceDescriptor;
  /** Checkboxes for bulk actions (only when the user may delete). */
  selectable: boolean;
  /** Opens a record; rows are not clickable without it. */
  onOpen?: (id: Identifier) => void;
  /** Columns drawn by the page, by field name. */
  cells?: Record<string, (record: RaRecord) => ReactNode>;
}

/** The x-admin `listColumns` of a resource as a table: sortable by the server, rows open the record. */
export const ListTable = ({ resource, selectable, onOpen, cells }: ListTableProps) => {
  const translate = useTranslate();
  const locale = useLocale();
  const labels = useResourceLabels(resource);
  const { data, error, isPending, sort, setSort, selectedIds, onToggleItem, onSelect } =
    useListContext<RaRecord>();
  const columns = resource.hints.listColumns
    .map((name) => resource.fields.find((field) => field.name === name))
    .filter((field): field is FieldDescriptor => field !== undefined);

  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (isPending) return <PageLoader />;
  const pageIds = data.map((record) => record.id);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selectedIds.includes(id));
  const sortBy = (field: string) =>
    setSort({ field, order: sort.field === field && sort.order === 'ASC' ? 'DESC' : 'ASC' });

  return (
    <Table size="small" aria-label={labels.name(2)}>
      <TableHead>
        <TableRow>
          {selectable ? (
            <TableCell padding="checkbox">
              <Checkbox
                checked={allSelected}
                indeterminate={!allSelected && pageIds.some((id) => selectedIds.includes(id))}
                onChange={() => onSelect(allSelected ? [] : pageIds)}
                slotProps={{ input: { 'aria-label': translate('ra.action.select_all') } }}
              />
            </TableCell>
          ) : null}
          {columns.map((field) => (
            <TableCell
              key={field.name}
              sortDirection={sort.field === field.name ? sortDirection(sort.order) : false}
            >
              <TableSortLabel
                active={sort.field === field.name}
                direction={sort.field === field.name ? sortDirection(sort.order) : 'asc'}
                onClick={() => sortBy(field.name)}
              >
                {labels.field(field.name)}
              </TableSortLabel>
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {data.length === 0 ? (
          <TableRow>
            <TableCell colSpan={columns.length + (selectable ? 1 : 0)}>
              {translate('ra.navigation.no_results', { name: labels.name(2).toLowerCase() })}
            </TableCell>
          </TableRow>
        ) : null}
        {data.map((record) => (
          <TableRow
            key={record.id}
            hover
            selected={selectedIds.includes(record.id)}
            tabIndex={onOpen ? 0 : undefined}
            onClick={onOpen ? () => onOpen(record.id) : undefined}
            onKeyDown={onOpen ? (event) => event.key === 'Enter' && onOpen(record.id) : undefined}
            sx={onOpen ? { cursor: 'pointer' } : undefined}
          >
            {selectable ? (
              <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                <Checkbox
                  checked={selectedIds.includes(record.id)}
                  onChange={() => onToggleItem(record.id)}
                  slotProps={{ input: { 'aria-label': translate('ra.action.select_row') } }}
                />
              </TableCell>
            ) : null}
            {columns.map((field) => (
              <TableCell key={field.name}>
                {cells?.[field.name] ? (
                  cells[field.name](record)
                ) : (
                  <FieldValue
                    value={record[field.name]}
                    field={field}
                    labels={labels}
                    translate={translate}
                    locale={locale}
                  />
                )}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

const sortDirection = (order: string) => (order === 'DESC' ? 'desc' : 'asc');
