import type { MessageTree } from './mergeMessages';

/**
 * The words react-admin and the generic resource views say, in French that reads well: what
 * ra-language-french lacks or says awkwardly ("Créer Archétype", "Êtes-vous sûr(e)", "Élément
 * créé"), with French typography (a narrow no-break space before : ; ? !, frenchTypography.ts).
 * The create and delete titles and the notices agree with the resource's gender: `resources.<res>.gender`
 * ('f'; masculine when absent), read by resources/labels.ts. Merged over react-admin's messages by
 * the i18n provider, like the toasts' messages.
 */

/** Feminine resources, by their French name (resources.<res>.name). */
const feminine = [
  'organisations',
  'invitations',
  'access-keys',
  'webhook-deliveries',
  'alerts',
  'versions',
  'analyses',
  'interactions',
  'interaction-functions',
  'categories',
  'domain-rules',
  'classifications',
];

/** One message per gender, and per elision before a vowel (`un`/`une`, `le`/`la`/`l’`, `ce`/`cet`/`cette`). */
const byGender = (m: string, mVowel: string, f: string, fVowel: string = f) => ({ m, mVowel, f, fVowel });

export const wordingMessages: { fr: MessageTree; en: MessageTree } = {
  fr: {
    ra: {
      action: { edit: 'Modifier' },
      page: { invite: 'Voulez-vous en créer un ?' },
      message: {
        are_you_sure: 'Voulez-vous vraiment continuer ?',
        bulk_delete_content:
          'Voulez-vous vraiment supprimer cet élément ? |||| Voulez-vous vraiment supprimer ces %{smart_count} éléments ?',
        bulk_update_content:
          'Voulez-vous vraiment modifier cet élément ? |||| Voulez-vous vraiment modifier ces %{smart_count} éléments ?',
        clear_array_input: 'Voulez-vous vraiment vider la liste ?',
        delete_content: 'Voulez-vous vraiment supprimer cet élément ?',
        unsaved_changes:
          'Certaines modifications ne sont pas enregistrées. Voulez-vous vraiment quitter cette page ?',
        placeholder_data_warning: 'Problème réseau : impossible de charger les données.',
      },
      navigation: {
        page_rows_per_page: 'Lignes par page :',
        page_range_info: '%{offsetBegin}–%{offsetEnd} sur %{total}',
      },
      notification: {
        created: 'Enregistrement créé',
        updated: 'Modifications enregistrées |||| %{smart_count} enregistrements modifiés',
        deleted: 'Enregistrement supprimé |||| %{smart_count} enregistrements supprimés',
        not_authorized: 'Vous n’avez pas accès à cette ressource.',
      },
      validation: {
        oneOf: 'Doit être l’une des valeurs suivantes : %{options}',
        regex: 'Doit respecter le format : %{pattern}',
      },
      saved_queries: {
        remove_dialog_title: 'Retirer de mes requêtes ?',
        remove_message: 'Voulez-vous vraiment retirer cette requête de vos requêtes ?',
      },
    },
    app: {
      resource: {
        create: byGender('Créer un %{name}', 'Créer un %{name}', 'Créer une %{name}'),
        edit: byGender(
          'Modifier le %{name}',
          'Modifier l’%{name}',
          'Modifier la %{name}',
          'Modifier l’%{name}',
        ),
        show: byGender('%{Name}', '%{Name}', '%{Name}'),
        deleteTitle: byGender(
          'Supprimer le %{name} « %{record} »',
          'Supprimer l’%{name} « %{record} »',
          'Supprimer la %{name} « %{record} »',
          'Supprimer l’%{name} « %{record} »',
        ),
        deleteContent: byGender(
          'Voulez-vous vraiment supprimer ce %{name} ?',
          'Voulez-vous vraiment supprimer cet %{name} ?',
          'Voulez-vous vraiment supprimer cette %{name} ?',
        ),
        created: byGender('%{Name} créé', '%{Name} créé', '%{Name} créée'),
        updated: byGender('%{Name} enregistré', '%{Name} enregistré', '%{Name} enregistrée'),
        deleted: byGender(
          '%{Name} supprimé |||| %{smart_count} %{names} supprimés',
          '%{Name} supprimé |||| %{smart_count} %{names} supprimés',
          '%{Name} supprimée |||| %{smart_count} %{names} supprimées',
        ),
      },
    },
    resources: Object.fromEntries(feminine.map((name) => [name, { gender: 'f' }])),
  },
  en: {
    ra: { navigation: { page_range_info: '%{offsetBegin}–%{offsetEnd} of %{total}' } },
    app: {
      resource: {
        create: byGender('Create %{name}', 'Create %{name}', 'Create %{name}'),
        edit: byGender('Edit %{name}', 'Edit %{name}', 'Edit %{name}'),
        show: byGender('%{Name}', '%{Name}', '%{Name}'),
        deleteTitle: byGender(
          'Delete %{name} “%{record}”',
          'Delete %{name} “%{record}”',
          'Delete %{name} “%{record}”',
        ),
        deleteContent: byGender(
          'Do you really want to delete this %{name}?',
          'Do you really want to delete this %{name}?',
          'Do you really want to delete this %{name}?',
        ),
        created: byGender('%{Name} created', '%{Name} created', '%{Name} created'),
        updated: byGender('%{Name} saved', '%{Name} saved', '%{Name} saved'),
        deleted: byGender(
          '%{Name} deleted |||| %{smart_count} %{names} deleted',
          '%{Name} deleted |||| %{smart_count} %{names} deleted',
          '%{Name} deleted |||| %{smart_count} %{names} deleted',
        ),
      },
    },
  },
};
