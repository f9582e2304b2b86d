import TablePagination from '@mui/material/TablePagination';
import { useListContext, useTranslate } from 'react-admin';

const pageSizes = [10, 25, 50, 100];

/** Server-side pages, with react-admin's translated labels. */
export const ListPagination = () => {
  const translate = useTranslate();
  const { total, page, perPage, setPage, setPerPage, isPending } = useListContext();
  if (isPending || total === undefined || total === 0) return null;
  return (
    <TablePagination
      component="div"
      count={total}
      page={page - 1}
      rowsPerPage={perPage}
      rowsPerPageOptions={pageSizes}
      onPageChange={(_event, next) => setPage(next + 1)}
      onRowsPerPageChange={(event) => setPerPage(Number(event.target.value))}
      labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      labelDisplayedRows={({ from, to, count }) =>
        translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
      }
      getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
    />
  );
};
