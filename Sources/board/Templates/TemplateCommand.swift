import ArgumentParser

struct TemplateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "template",
        abstract: "Routines: templates that generate dated occurrences.",
        subcommands: [TemplateAdd.self, TemplateList.self, TemplateShow.self, TemplateEdit.self, TemplatePause.self,
                      TemplateResume.self, TemplateSkipNext.self, TemplateDuplicate.self, TemplateArchive.self]
    )
}
