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
import type { ComputedColumn } from '../../../schemas';
import { ComputedValue } from './computedColumns';
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
  const columns = listColumns(resource);

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
          {columns.map((column) =>
            column.field ? (
              <TableCell
                key={column.name}
                sortDirection={sort.field === column.name ? sortDirection(sort.order) : false}
              >
                <TableSortLabel
                  active={sort.field === column.name}
                  direction={sort.field === column.name ? sortDirection(sort.order) : 'asc'}
                  onClick={() => sortBy(column.name)}
                >
                  {labels.field(column.name)}
                </TableSortLabel>
              </TableCell>
            ) : (
              // Computed columns are not stored: the server cannot sort on them.
              <TableCell key={column.name}>{labels.field(column.name)}</TableCell>
            ),
          )}
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
            {columns.map((column) => (
              <TableCell key={column.name}>
                {cells?.[column.name] ? (
                  cells[column.name](record)
                ) : column.field ? (
                  <FieldValue
                    value={record[column.name]}
                    field={column.field}
                    labels={labels}
                    translate={translate}
                    locale={locale}
                  />
                ) : (
                  <ComputedValue
                    record={record}
                    name={column.name}
                    column={column.computed}
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

type ListColumn =
  | { name: string; field: FieldDescriptor; computed?: undefined }
  | { name: string; field?: undefined; computed: ComputedColumn };

/** The x-admin `listColumns`: stored fields, or `computedColumns`; a name that is neither is left out. */
const listColumns = (resource: ResourceDescriptor): ListColumn[] =>
  resource.hints.listColumns.flatMap((name): ListColumn[] => {
    const field = resource.fields.find((f) => f.name === name);
    if (field) return [{ name, field }];
    const computed = resource.hints.computedColumns?.[name];
    return computed ? [{ name, computed }] : [];
  });
