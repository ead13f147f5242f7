import BoardCLI

enum TemplateCommand {
    static let info = CommandInfo(
        group: "template",
        abstract: "Routines: templates that generate dated occurrences.",
        subcommands: [TemplateAdd.info, TemplateList.info, TemplateShow.info, TemplateEdit.info, TemplatePause.info,
                      TemplateResume.info, TemplateSkipNext.info, TemplateDuplicate.info, TemplateArchive.info]
    )
}
