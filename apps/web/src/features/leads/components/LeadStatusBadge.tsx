const TEXT = { qualified: 'Qualified', unqualified: 'Unqualified' };

export function LeadStatusBadge({ qualified }: { qualified: boolean }) {
  return <span className={`badge badge--${qualified ? 'qualified' : 'unqualified'}`}>{qualified ? TEXT.qualified : TEXT.unqualified}</span>;
}
