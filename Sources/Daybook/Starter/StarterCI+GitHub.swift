/// GitHub Actions: a public journal publishes its own repository's Pages; a private one keeps its
/// source in a private repository and pushes the built site to a separate public one, which
/// GitHub Pages serves on a free account.
extension StarterCI {
    static func github(_ options: JournalStarter.Options) -> String {
        let header = githubHeader(options)
        return header + "\n" + """
        name: Publish

        on:
          push:
            branches: [main]
          workflow_dispatch:

        permissions:
          contents: read
        \(options.isPrivate ? "" : "  pages: write\n  id-token: write\n")
        concurrency:
          group: pages
          cancel-in-progress: false

        env:
        \(pins(options, quoteSource: false))
          # Where the job keeps the Daybook binary (cached between runs).
          DAYBOOK_BIN: /opt/daybook
          # The journal's dates are read in the zone of daybook.yml; the job's clock shows the same.
          TZ: \(options.timeZone)

        jobs:
          build:
            runs-on: ubuntu-latest
            container: \(DaybookVersion.swiftImage)
            steps:
              - name: Install what Daybook needs
                run: \(aptInstall)
              - uses: actions/checkout@v4
              - name: Restore the Daybook binary
                id: binary
                uses: actions/cache@v4
                with:
                  path: ${{ env.DAYBOOK_BIN }}
                  key: daybook-${{ env.DAYBOOK_VERSION }}-${{ env.DAYBOOK_COMMIT }}-\(DaybookVersion.swiftImage)
              - name: Build Daybook from source
                if: steps.binary.outputs.cache-hit != 'true'
                env:
                  DAYBOOK_SRC: ${{ runner.temp }}/daybook-source
                run: |
        \(indented(buildDaybook(into: "$DAYBOOK_BIN"), by: 12))
              # The build cache and the last output: a push rebuilds only what changed.
              - name: Restore the build cache
                uses: actions/cache@v4
                with:
                  path: |
                    .daybook
                    _site
                  key: journal-${{ github.sha }}
                  restore-keys: journal-

        """ + (options.isPrivate ? githubPrivateSteps() : githubPublicSteps())
    }

    static func githubHeader(_ options: JournalStarter.Options) -> String {
        options.isPrivate
            ? """
            # Builds this private journal with Daybook on every push to main and pushes the site, all
            # of it encrypted, to a separate public repository whose GitHub Pages serve it.
            # Keep THIS repository private: its entries and .daybook/ are your words in plain text.
            # Once (docs/publishing.md, "A private journal"):
            #  1. Make an empty public repository for the site, e.g. you/journal-site, and in its
            #     Settings -> Pages, deploy from the branch gh-pages.
            #  2. Here, in Settings -> Secrets and variables -> Actions: the variable PAGES_REPOSITORY
            #     (you/journal-site) and the secrets DAYBOOK_PASSWORD, DAYBOOK_SITE_KEY and
            #     PAGES_DEPLOY_KEY (the private half of a deploy key with write access to that repository).
            """
            : """
            # Builds the journal with Daybook on every push to main and publishes it on GitHub Pages.
            # Once: in the repository's Settings -> Pages, set "Source" to "GitHub Actions".
            """
    }

    /// Build, upload, and GitHub's own Pages deployment.
    static func githubPublicSteps() -> String {
        """
              - name: Find the Pages address
                id: pages
                uses: actions/configure-pages@v5
              - name: Build the site
                env:
                  BASE_URL: ${{ steps.pages.outputs.base_url }}
                  # Private entries: add these as secrets (Settings -> Secrets and variables ->
                  # Actions) and uncomment them. They reach this step only, never the others. But a
                  # public repository shows your entries' source to everyone: see docs/private.md.
                  # DAYBOOK_PASSWORD: ${{ secrets.DAYBOOK_PASSWORD }}
                  # DAYBOOK_SITE_KEY: ${{ secrets.DAYBOOK_SITE_KEY }}
                  # One more per named reader, e.g. for a reader called alex:
                  # DAYBOOK_PASSWORD_ALEX: ${{ secrets.DAYBOOK_PASSWORD_ALEX }}
                run: $DAYBOOK_BIN/daybook build . --output _site --base-url "$BASE_URL"
              - uses: actions/upload-pages-artifact@v3
                with:
                  path: _site

          deploy:
            needs: build
            runs-on: ubuntu-latest
            environment:
              name: github-pages
              url: ${{ steps.deployment.outputs.page_url }}
            steps:
              - name: Publish on GitHub Pages
                id: deployment
                uses: actions/deploy-pages@v4

        """
    }

    /// The commit's time orders the versions of the encrypted editions, so a browser refuses an
    /// older copy than it has opened (docs/private.md, "Rollback").
    static let commitTime = """
        # The commit's time: a browser refuses an older copy of the journal than it has opened.
        export SOURCE_DATE_EPOCH="$(git log -1 --format=%ct)"
        """

    /// Build with the secrets, then push the site as one commit to the public repository.
    static func githubPrivateSteps() -> String {
        """
              - name: Build the site
                env:
                  PAGES_REPOSITORY: ${{ vars.PAGES_REPOSITORY }}
                  # Set the variable PAGES_URL when the site has an address of its own.
                  PAGES_URL: ${{ vars.PAGES_URL }}
                  # These reach this step only. One more per named reader, e.g. for alex:
                  # DAYBOOK_PASSWORD_ALEX: ${{ secrets.DAYBOOK_PASSWORD_ALEX }}
                  DAYBOOK_PASSWORD: ${{ secrets.DAYBOOK_PASSWORD }}
                  DAYBOOK_SITE_KEY: ${{ secrets.DAYBOOK_SITE_KEY }}
                run: |
        \(indented(privateBaseURL + "\n" + commitTime + "\n\"$DAYBOOK_BIN/daybook\" build . --output _site --base-url \"$base\"", by: 12))
              - name: Push the site to its public repository
                env:
                  PAGES_REMOTE: git@github.com:${{ vars.PAGES_REPOSITORY }}.git
                  PAGES_BRANCH: gh-pages
                  PAGES_DEPLOY_KEY: ${{ secrets.PAGES_DEPLOY_KEY }}
                run: |
        \(indented(pushSite, by: 12))

        """
    }

    static let privateBaseURL = """
        if [ -z "$PAGES_REPOSITORY" ]; then
          echo "error: set the repository variable PAGES_REPOSITORY to the public repository of the site, e.g. you/journal-site"; exit 1
        fi
        owner=$(printf '%s' "${PAGES_REPOSITORY%%/*}" | tr 'A-Z' 'a-z'); name="${PAGES_REPOSITORY#*/}"
        case "$name" in
          "$owner.github.io") base="https://$owner.github.io/" ;;
          *) base="https://$owner.github.io/$name/" ;;
        esac
        base="${PAGES_URL:-$base}"
        """

    /// One commit holding the site alone, pushed over the last: the public repository keeps no
    /// history of earlier editions, and the journal's own history never leaves this repository.
    static let pushSite = """
        if [ -n "$PAGES_DEPLOY_KEY" ]; then
          mkdir -p ~/.ssh && chmod 700 ~/.ssh
          printf '%s\\n' "$PAGES_DEPLOY_KEY" > ~/.ssh/pages_key && chmod 600 ~/.ssh/pages_key
          ssh-keyscan -t ed25519 github.com >> ~/.ssh/known_hosts 2>/dev/null
          export GIT_SSH_COMMAND="ssh -i $HOME/.ssh/pages_key -o IdentitiesOnly=yes"
        fi
        site=$(mktemp -d)
        cp -R _site/. "$site/"
        # Daybook's own records of the folder are not part of the site.
        find "$site" -mindepth 1 -maxdepth 1 -name '.*' -exec rm -rf {} +
        touch "$site/.nojekyll"
        git -C "$site" init -q -b "$PAGES_BRANCH"
        git -C "$site" add -A
        git -C "$site" -c user.name=Daybook -c user.email=daybook@localhost commit -q -m "Site built by Daybook"
        git -C "$site" push -q --force "$PAGES_REMOTE" "$PAGES_BRANCH"
        """
}
