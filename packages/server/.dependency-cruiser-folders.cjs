/**
 * Cycles between the top-level folders of src/ (domain ⇄ domain), a report beside the enforced
 * rules of .dependency-cruiser.cjs: `npm run layers:folders -w packages/server`. The ones left are
 * listed in docs/architecture.md; when none is, this rule moves into .dependency-cruiser.cjs.
 */
const base = require('./.dependency-cruiser.cjs');

module.exports = {
  forbidden: [
    {
      name: 'no-mutual-domains',
      comment: 'No cycle between top-level folders of src/ (two domains never import each other).',
      severity: 'warn',
      scope: 'folder',
      from: { path: '^src/[^/]+$' },
      to: { circular: true },
    },
  ],
  options: base.options,
};
