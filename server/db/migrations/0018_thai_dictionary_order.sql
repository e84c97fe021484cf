-- Thai names sort as a Thai dictionary does (issue 20): ICU's root collation orders a word by its
-- consonants first ('เกม' with the ก words, 'ไก่' after 'เกม'), where code-point order put every
-- word with a leading vowel after every other. The root locale ('und'), not 'th': PGlite carries
-- ICU's root data only, and both databases must answer alike (Latin names before Thai ones).
CREATE COLLATION IF NOT EXISTS thai_dictionary (provider = icu, locale = 'und');--> statement-breakpoint
DROP INDEX "merchants_name_th";--> statement-breakpoint
DROP INDEX "products_name_th";--> statement-breakpoint
CREATE INDEX "merchants_name_th" ON "merchants" USING btree ("name_th" collate thai_dictionary,"id");--> statement-breakpoint
CREATE INDEX "products_name_th" ON "products" USING btree ("name_th" collate thai_dictionary,"id");