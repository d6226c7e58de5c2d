import { existsSync, readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { readPlainXml } from './fast-xml.js';

/** fast-xml-parser with the options import.ts uses: the reference the fast path must equal. */
const reference = (xml: string) =>
  new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, parseAttributeValue: false, trimValues: true, processEntities: false }).parse(xml) as unknown;

describe('readPlainXml (fast path of the FET import)', () => {
  it('builds the same object as fast-xml-parser', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<!-- a comment -->
<fet version="6.8.5">
  <Name>  A &amp; B  </Name>
  <Empty></Empty><Self/>
  <Day><Name>Mon</Name></Day>
  <Day><Name>001</Name></Day>
  <Tagged id='x'>text</Tagged>
  <Attr only="1"/>
</fet>`;
    expect(readPlainXml(xml)).toEqual(reference(xml));
  });

  it('equals fast-xml-parser on a real FET school when fet-data is installed', () => {
    const file = '/usr/share/doc/fet-data/examples/FET-5-official/Brazil/1/Brazil.fet';
    if (!existsSync(file)) return;
    const xml = readFileSync(file, 'utf8');
    expect(readPlainXml(xml)).toEqual(reference(xml));
  });

  it('gives up (null) on anything outside plain XML, so the validator reports it', () => {
    for (const bad of ['<fet><a></b></fet>', '<fet><![CDATA[x]]></fet>', '<fet>a & b</fet>', '<fet>x<a/>y</fet>', '<a/><b/>', 'text', '<fet><a x="1>"/></fet>', '<fet>', '<!DOCTYPE fet><fet/>'])
      expect(readPlainXml(bad), bad).toBeNull();
  });
});
