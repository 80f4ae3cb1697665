import type { LocalizedText } from './errors.ts';

interface ZodIssueLike {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

/**
 * Turns the schema validator's issues into localized messages per field. A custom refinement puts a
 * translation key (`validation:...`) in its message; built-in checks map to the generic texts of docs/product.md#forms.
 */
export function issuesToFieldErrors(issues: ZodIssueLike[]): Record<string, LocalizedText[]> {
  const fields: Record<string, LocalizedText[]> = {};
  const add = (field: string, text: LocalizedText) => {
    (fields[field] ??= []).push(text);
  };
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = path || '_';
    const label = { field: path.split('.').pop() || '_' };
    const p = issue.params;
    switch (issue.keyword) {
      case 'invalid_type':
        if (/received undefined|received null/.test(issue.message)) add(field, { key: 'validation:required', params: label });
        else if (p.expected === 'number' || p.expected === 'int') add(field, { key: 'validation:number', params: label });
        else add(field, { key: 'validation:invalid_type', params: label });
        break;
      case 'too_small':
        if (p.origin === 'string')
          add(field, { key: Number(p.minimum) <= 1 ? 'validation:required' : 'validation:min_length', params: { ...label, count: Number(p.minimum) } });
        else if (p.origin === 'array') add(field, { key: 'validation:min_items', params: { ...label, count: Number(p.minimum) } });
        else add(field, { key: 'validation:min', params: { ...label, value: p.minimum } });
        break;
      case 'too_big':
        if (p.origin === 'string') add(field, { key: 'validation:max_length', params: { ...label, count: Number(p.maximum) } });
        else if (p.origin === 'array') add(field, { key: 'validation:max_items', params: { ...label, count: Number(p.maximum) } });
        else add(field, { key: 'validation:max', params: { ...label, value: p.maximum } });
        break;
      case 'invalid_format':
        if (p.format === 'email') add(field, { key: 'validation:email', params: label });
        else if (p.format === 'url') add(field, { key: 'validation:url', params: label });
        else add(field, { key: 'validation:invalid_format', params: label });
        break;
      case 'unrecognized_keys':
        for (const key of (p.keys as string[]) ?? []) add(path ? `${path}.${key}` : key, { key: 'validation:unknown_field', params: { field: key } });
        break;
      case 'invalid_value':
        add(field, { key: 'validation:invalid_choice', params: label });
        break;
      case 'custom':
        add(field, issue.message.includes(':') ? { key: issue.message, params: label } : { key: 'validation:invalid', params: label });
        break;
      default:
        add(field, { key: 'validation:invalid', params: label });
    }
  }
  return fields;
}
