/** A node of `EXPLAIN (FORMAT JSON)`'s plan tree, with the fields tests read (PostgreSQL's names). */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  /** An index scan's index. */
  'Index Name'?: string;
  /** An index scan's condition, e.g. `((organization_id = $1) AND (labels_confirmed = $2))`. */
  'Index Cond'?: string;
  /** A bitmap heap scan's condition: its bitmap index scans' conditions. */
  'Recheck Cond'?: string;
  /** With `ANALYZE`: how many times the node ran. */
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** Every node of a plan tree, depth first. */
export function planNodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(planNodes)];
}
