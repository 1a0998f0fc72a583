import ArgumentParser

/// Placeholder until the command lands.
@main
struct SecurityCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "security")
}
