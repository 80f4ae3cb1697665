-- The partner's colour scheme (decision 0192): light, dark, or whatever their system asks for; remembered per account
-- so every browser they sign in from opens in it.
alter table users add column theme text not null default 'system';
alter table users add constraint users_theme_known check (theme in ('light', 'dark', 'system'));
