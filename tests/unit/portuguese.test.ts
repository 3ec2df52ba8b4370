import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pt } from '../../src/i18n/pt.ts';

/**
 * The site speaks one Portuguese, Brazilian (the larger audience): forms of Portugal's Portuguese beside Brazil's read
 * as two translators. Each entry is a European form and the Brazilian word the dictionary uses instead.
 */
const EUROPEAN: [RegExp, string][] = [
  [/\butiliza(ção|dor|dores|r)\b/i, 'uso, usuário, usar'],
  [/\becrã/i, 'tela'],
  [/\bregist(ar|ad[oa]s?|os?)\b/i, 'registrar, cadastrar, registros'],
  [/\btelemóvel/i, 'celular'],
  [/\bpalavra-passe/i, 'senha'],
  [/\bsessão iniciada|iniciar sessão/i, 'conectado, entrar'],
  [/\bficheiro/i, 'arquivo'],
  [/\bcontact(o|ar|ado)\b/i, 'contato, contatar'],
  [/\bequipa\b/i, 'equipe'],
  [/\bformand[oa]s?\b/i, 'aluno'],
  [/\bintroduz(a|ir|em)/i, 'digite'],
  [/\bdemasiad[oa]s?\b/i, 'demais'],
  [/\b(para|com) si\b/i, 'você'],
  [/\bjá não\b/i, 'não … mais'],
  [/\bA [a-zç]+r…/, 'gerúndio: Excluindo…'],
  [/\b(está|estão|estou) a [a-zç]+r\b/i, 'gerúndio'],
  [/\bligação\b/i, 'link, conexão'],
  [/«|»/, '“ ”'],
];

function legalAndPages(): string[] {
  const root = join(import.meta.dirname, '../../src/content');
  return ['legal', 'pages', 'news'].flatMap((dir) => readdirSync(join(root, dir, 'pt')).map((name) => readFileSync(join(root, dir, 'pt', name), 'utf8')));
}

describe('Portuguese', () => {
  it('is Brazilian in every string of the dictionary', () => {
    const found = Object.entries(pt).flatMap(([key, text]) =>
      EUROPEAN.filter(([form]) => form.test(text)).map(([form, instead]) => `${key}: ${String(form)} (use ${instead})`),
    );
    expect(found).toEqual([]);
  });

  it('is Brazilian in the pages and legal texts', () => {
    const texts = [...legalAndPages(), readFileSync(join(import.meta.dirname, '../../src/content/home/pt.json'), 'utf8')];
    const found = texts.flatMap((text) => EUROPEAN.filter(([form]) => form.test(text)).map(([form]) => String(form)));
    expect(found).toEqual([]);
  });

  it('says terms of use as Brazil does', () => {
    expect(pt['consent.check']).toContain('termos de uso');
    expect(pt['legal.terms']).toBe('Termos de uso');
  });
});
