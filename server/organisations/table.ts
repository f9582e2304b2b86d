import { randomUUID } from 'node:crypto';
import type { ResourceSchema } from '../../schemas/_defs/admin';
import { deleteDocumentsBelow } from '../resources/document-store';
import { selectOf, sqlReads } from '../resources/sql-reads';
import type { ResourceStore } from '../resources/store';

const columns = {
  id: 'o.id',
  name: 'o.name',
  // An ISO date string, never a Date: pg would turn a `date` into local midnight.
  contractStartDate: "to_char(o.contract_start_date, 'YYYY-MM-DD')",
  yearlyQuota: 'o.yearly_quota',
  createdAt: 'o.created_at',
};

const valuesOf = (data: Record<string, unknown>) => [
  data.name,
  data.contractStartDate ?? null,
  data.yearlyQuota ?? null,
];

/**
 * Organisations (platform scope): everyone reads their own, staff create and delete them, their
 * administrators edit the contract. Creating one adds nothing else: staff then add its members.
 */
export const organisationsStore = (schema: ResourceSchema): ResourceStore => {
  const { reread, ...reads } = sqlReads({
    schema,
    from: 'organisations o',
    select: selectOf(columns),
    idExpr: 'o.id',
    fields: columns,
  });
  return {
    ...reads,
    organisationRecords: true,
    create: async (q, _ctx, data) => {
      const id = randomUUID();
      await q.query(
        'INSERT INTO organisations (id, name, contract_start_date, yearly_quota) VALUES ($1, $2, $3::date, $4)',
        [id, ...valuesOf(data)],
      );
      return reread(q, id);
    },
    update: async (q, _ctx, before, data) => {
      await q.query(
        'UPDATE organisations SET name = $2, contract_start_date = $3::date, yearly_quota = $4 WHERE id = $1',
        [before.id, ...valuesOf(data)],
      );
      return reread(q, before.id);
    },
    delete: async (q, _ctx, before) => {
      // Projects, environments, memberships and invitations go with it (foreign keys); documents here.
      await deleteDocumentsBelow(q, before.id);
      await q.query('DELETE FROM organisations WHERE id = $1', [before.id]);
    },
  };
};
